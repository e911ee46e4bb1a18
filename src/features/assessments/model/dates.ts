/** When a result was taken, as people write a date: 4 March 2031. */
export function takenOn(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}
