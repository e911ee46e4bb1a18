/** Lab results as the tablet form sends them (POST /results), for the API tests of results and their reports. */
import { randomUUID } from 'node:crypto';

/** A lipid panel taken on 2 March 2026 at Apex Diagnostics, with a new id. */
export function lipidPanel(clientId: string, values: { total: number; hdl: number; ldl: number; tg: number }) {
  return {
    id: randomUUID(),
    client_id: clientId,
    collected_at: '2026-03-02T08:15:00+05:30',
    lab: 'Apex Diagnostics',
    observations: [
      { loinc: '2093-3', value: values.total, unit: 'mg/dL' },
      { loinc: '2085-9', value: values.hdl },
      { loinc: '13457-7', value: values.ldl },
      { loinc: '2571-8', value: values.tg },
    ],
  };
}
