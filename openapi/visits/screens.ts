/** How each therapy is named and described on the visit screens. */
import type { VisitTherapy } from '../schema.gen.ts';

export const VISIT_THERAPIES: readonly VisitTherapy[] = ['iv', 'hbot', 'pet', 'red_light', 'fir'];

/** How each therapy is named on screen, and what its session is. */
export const THERAPY_INFO: Readonly<
  Record<VisitTherapy, { name: string; title: string; inSentence: string; about: string }>
> = {
  iv: {
    name: 'IV therapy',
    title: 'IV therapy visit',
    inSentence: 'IV therapy',
    about: 'An intravenous infusion at an IV chair.',
  },
  hbot: {
    name: 'HBOT',
    title: 'HBOT visit',
    inSentence: 'hyperbaric oxygen therapy',
    about: 'Hyperbaric oxygen therapy: breathing oxygen in a pressurised chamber.',
  },
  pet: {
    name: 'PEMF',
    title: 'PEMF visit',
    inSentence: 'PEMF therapy',
    about: 'PET is read here as pulsed electromagnetic field therapy (PEMF): a magnetic field applied to the body.',
  },
  red_light: {
    name: 'Red light therapy',
    title: 'Red light therapy visit',
    inSentence: 'red light therapy',
    about: 'Photobiomodulation: red and near-infrared light on the skin.',
  },
  fir: {
    name: 'FIR sauna',
    title: 'FIR sauna visit',
    inSentence: 'the FIR sauna',
    about: 'A far-infrared sauna session.',
  },
};
