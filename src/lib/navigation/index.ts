/** Where things are: the staff screens' breadcrumb trails and the client portal's screens. */
export * from './crumbs';
export * from './portal';
export * from './route-chunks';
