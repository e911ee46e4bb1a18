/**
 * The smallest touch target on the clinic's tablets and phones (PRODUCT.md
 * section 1): 44 px. The theme gives it to every input and button; anything
 * else a finger taps (a row, an icon button, a link line) takes it from here.
 */
export const TOUCH_TARGET = '2.75rem';
