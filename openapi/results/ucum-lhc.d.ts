/** The little of NLM's UCUM library (@lhncbc/ucum-lhc, which ships no types) that lab-tests.test.ts uses. */
declare module '@lhncbc/ucum-lhc' {
  interface UcumUtils {
    validateUnitString(unit: string, suggest?: boolean): { status: string; ucumCode: string | null };
    getSpecifiedUnit(unit: string, action: string): { unit: { loincProperty_: string } | null };
  }
  export const UcumLhcUtils: { getInstance(): UcumUtils };
}
