import { linkOptions } from '@tanstack/react-router';

/**
 * The client portal's screens (spec section 2), each at
 * `/user/<screen>/{clientId}`, with what it is for (PRODUCT.md section 4).
 */
export const PORTAL_SCREENS = {
  home: { title: 'Home', purpose: 'Your next appointment and what to do next.' },
  reports: {
    title: 'Reports',
    purpose: 'Your lab results, your care team’s advice, visit summaries, Thrive checks and cognitive results.',
  },
  profile: { title: 'Profile', purpose: 'Your details as the clinic holds them.' },
  'thrive-onboard': {
    title: 'Thrive onboarding',
    purpose: 'Tell us your health goals, your story, and your lifestyle and family history.',
  },
  'book-test': { title: 'Book a test', purpose: 'Choose a test, a clinic and a free time, and see how to prepare.' },
  'thrive-check': {
    title: 'Thrive check',
    purpose: 'Five questions about your wellbeing over the last two weeks, and your score over time.',
  },
  'cognitive-assessment': {
    title: 'Cognitive assessment',
    purpose: 'Short tasks of memory, attention and speed, compared with your own baseline.',
  },
  'intake-call': { title: 'Intake call', purpose: 'Book, move or cancel your intake call, by phone or video.' },
  'in-clinic': { title: 'In-clinic visits', purpose: 'Your coming visits with what to bring, and your past visits.' },
  support: { title: 'Support', purpose: 'Write to the clinic, read its answers, and find its contacts.' },
} as const;

export type PortalScreen = keyof typeof PORTAL_SCREENS;

/** Where each screen lives, checked against the route tree. */
export function portalLink(screen: PortalScreen, clientId: string) {
  const params = { clientId };
  switch (screen) {
    case 'home':
      return linkOptions({ to: '/user/home/$clientId', params });
    case 'reports':
      return linkOptions({ to: '/user/reports/$clientId', params });
    case 'profile':
      return linkOptions({ to: '/user/profile/$clientId', params });
    case 'thrive-onboard':
      return linkOptions({ to: '/user/thrive-onboard/$clientId', params });
    case 'book-test':
      return linkOptions({ to: '/user/book-test/$clientId', params });
    case 'thrive-check':
      return linkOptions({ to: '/user/thrive-check/$clientId', params });
    case 'cognitive-assessment':
      return linkOptions({ to: '/user/cognitive-assessment/$clientId', params });
    case 'intake-call':
      return linkOptions({ to: '/user/intake-call/$clientId', params });
    case 'in-clinic':
      return linkOptions({ to: '/user/in-clinic/$clientId', params });
    case 'support':
      return linkOptions({ to: '/user/support/$clientId', params });
  }
}
