/** The five therapy visit screens (spec section 2) and what each records (PRODUCT.md section 4). */
export const THERAPIES = {
  iv: {
    title: 'IV therapy visit',
    fields:
      'formula, base fluid, volume, additives with amounts and lots, gauge, site, attempts, rate, start and end, reactions',
  },
  hbot: {
    title: 'HBOT visit',
    fields:
      'chamber type, pressure in ATA, compression, time at pressure and decompression, air breaks, ear clearing, glucose for diabetics',
  },
  pet: {
    title: 'PET visit',
    fields: 'pulsed electromagnetic therapy: applicator, site, frequency, intensity, program, minutes, implant screen',
  },
  red_light: {
    title: 'Red light therapy visit',
    fields: 'device, wavelength, irradiance, distance, minutes, area, dose',
  },
  fir: {
    title: 'FIR sauna visit',
    fields: 'temperature, minutes, heart-rate rise, hydration, stop criteria',
  },
} as const;

export type Therapy = keyof typeof THERAPIES;
