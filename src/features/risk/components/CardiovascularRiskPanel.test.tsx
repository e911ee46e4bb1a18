// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CardiovascularRiskInput } from '@contract';
import { CardiovascularRiskPanel } from './CardiovascularRiskPanel';

function renderPanel(initial?: Partial<CardiovascularRiskInput>) {
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <CardiovascularRiskPanel initial={initial} />
    </MantineProvider>,
  );
  return { user };
}

function choice(group: string, option: string): HTMLInputElement {
  return within(screen.getByRole('radiogroup', { name: group })).getByRole<HTMLInputElement>('radio', { name: option });
}

/** The value the result's description list gives for `label`. */
function stat(label: string): string {
  const index = screen.getAllByRole('term').findIndex((term) => term.textContent === label);
  return screen.getAllByRole('definition')[index]?.textContent ?? '';
}

/** The categories the scale marks as the current one: in bold and underlined, not by colour alone. */
function markedCategories(meter: HTMLElement): (string | null)[] {
  return within(meter)
    .getAllByText(/^(Low|Intermediate|High)$/)
    .filter((name) => name.style.textDecoration === 'underline' && name.style.fontWeight === '700')
    .map((name) => name.textContent);
}

async function fillTheRest(
  user: ReturnType<typeof userEvent.setup>,
  values: {
    hdl: string;
    total: string;
    sbp: string;
    treated: 'Yes' | 'No';
    smoker: 'Yes' | 'No';
    diabetic: 'Yes' | 'No';
  },
) {
  await user.type(screen.getByLabelText('HDL cholesterol (mg/dL)'), values.hdl);
  await user.type(screen.getByLabelText('Total cholesterol (mg/dL)'), values.total);
  await user.type(screen.getByLabelText('Systolic blood pressure (mmHg)'), values.sbp);
  await user.click(choice('Treated for high blood pressure', values.treated));
  await user.click(choice('Smoker', values.smoker));
  await user.click(choice('Diabetic', values.diabetic));
}

describe('CardiovascularRiskPanel', () => {
  it('is prefilled from the profile and waits for the rest', () => {
    renderPanel({ sex: 'male', age: 55 });
    expect(screen.getByRole('region', { name: 'Cardiovascular risk' })).toBeTruthy();
    expect(choice('Sex', 'Male').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Age (years)').value).toBe('55');
    expect(choice('Smoker', 'No').checked).toBe(false);
    expect(choice('Smoker', 'Yes').checked).toBe(false);
    expect(screen.getByText('Complete every field to see the points and the 10-year risk.')).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('shows the points, risk and category live as inputs change', async () => {
    const { user } = renderPanel({ sex: 'male', age: 55 });
    await fillTheRest(user, { hdl: '50', total: '213', sbp: '140', treated: 'No', smoker: 'No', diabetic: 'No' });

    // Men: age 55-59 10, HDL 50-59 -1, total 200-239 2, untreated SBP 140-159 2: 13 points, 15.6 %.
    expect(stat('Points')).toBe('13');
    expect(stat('10-year risk')).toBe('15.6 %');
    expect(stat('Category')).toBe('Intermediate');
    const meter = screen.getByRole('meter', { name: '10-year risk on the category scale' });
    expect(meter.getAttribute('aria-valuenow')).toBe('15.6');
    expect(meter.getAttribute('aria-valuetext')).toBe('15.6 %, intermediate risk');
    // The current category is marked in words, not by colour alone.
    expect(markedCategories(meter)).toEqual(['Intermediate']);

    // Smoking adds 4: 17 points, 29.4 %, high.
    await user.click(choice('Smoker', 'Yes'));
    expect(stat('Points')).toBe('17');
    expect(stat('10-year risk')).toBe('29.4 %');
    expect(stat('Category')).toBe('High');
    expect(markedCategories(meter)).toEqual(['High']);

    // Treated SBP 140-159 is 4 instead of 2: 19 points, the '>30' bucket.
    await user.click(choice('Treated for high blood pressure', 'Yes'));
    expect(stat('Points')).toBe('19');
    expect(stat('10-year risk')).toBe('30.0 %');
    expect(screen.getByText('The published table gives more than 30 %, shown as 30 %.')).toBeTruthy();

    // 'Other' uses the women's tables: age 8, HDL -1, total 3, treated SBP 140-149 5, smoker 3: 18 points, 21.5 %.
    await user.click(choice('Sex', 'Other'));
    expect(stat('Points')).toBe('18');
    expect(stat('10-year risk')).toBe('21.5 %');
    expect(screen.queryByText('Age outside the validated range')).toBeNull();
  });

  it('shows field errors under the fields once they are left', async () => {
    const { user } = renderPanel({ sex: 'female', age: 50 });
    const hdl = screen.getByLabelText('HDL cholesterol (mg/dL)');
    await user.type(hdl, '1.3');
    expect(screen.queryByText('HDL cholesterol must be between 10 and 150 mg/dL')).toBeNull();
    await user.tab();
    const message = screen.getByText('HDL cholesterol must be between 10 and 150 mg/dL');
    expect(hdl.getAttribute('aria-invalid')).toBe('true');
    expect(hdl.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);

    await user.click(screen.getByLabelText('Total cholesterol (mg/dL)'));
    await user.tab();
    expect(screen.getByText('Enter the total cholesterol')).toBeTruthy();

    await user.clear(hdl);
    await user.type(hdl, '45');
    expect(screen.queryByText('HDL cholesterol must be between 10 and 150 mg/dL')).toBeNull();
    expect(hdl.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('checks HDL against the total cholesterol again when the total changes', async () => {
    const { user } = renderPanel({ sex: 'female', age: 50 });
    await user.type(screen.getByLabelText('HDL cholesterol (mg/dL)'), '120');
    await user.type(screen.getByLabelText('Total cholesterol (mg/dL)'), '110');
    expect(screen.getByText('HDL cholesterol cannot be higher than total cholesterol')).toBeTruthy();
    await user.type(screen.getByLabelText('Total cholesterol (mg/dL)'), '0');
    expect(screen.queryByText('HDL cholesterol cannot be higher than total cholesterol')).toBeNull();
  });

  it('flags a prefilled value out of range at once', () => {
    renderPanel({ sex: 'female', age: 19 });
    expect(screen.getByText('Age must be between 20 and 100 years')).toBeTruthy();
    // Fields nobody has touched stay quiet.
    expect(screen.queryByText('Enter the HDL cholesterol')).toBeNull();
    expect(screen.queryByText('Choose whether the client smokes')).toBeNull();
  });

  it('notes an age outside the validated range', async () => {
    const { user } = renderPanel({ sex: 'female', age: 80 });
    await fillTheRest(user, { hdl: '62', total: '150', sbp: '118', treated: 'No', smoker: 'No', diabetic: 'No' });
    // Women: 75+ 12, HDL 60+ -2, total < 160 0, untreated SBP < 120 -3: 7 points, 3.9 %.
    expect(stat('Points')).toBe('7');
    expect(stat('10-year risk')).toBe('3.9 %');
    expect(stat('Category')).toBe('Low');
    expect(screen.getByText('Age outside the validated range')).toBeTruthy();
  });

  it('reports the lowest bucket as 0.8 %', async () => {
    const { user } = renderPanel({ sex: 'female', age: 30 });
    await fillTheRest(user, { hdl: '70', total: '150', sbp: '110', treated: 'No', smoker: 'No', diabetic: 'No' });
    expect(stat('Points')).toBe('-5');
    expect(stat('10-year risk')).toBe('0.8 %');
    expect(screen.getByText('The published table gives less than 1 %, shown as 0.8 %.')).toBeTruthy();
  });

  it('gives every yes/no and sex choice a 44 px touch target and a name', () => {
    renderPanel();
    for (const group of ['Sex', 'Treated for high blood pressure', 'Smoker', 'Diabetic']) {
      const radios = within(screen.getByRole('radiogroup', { name: group })).getAllByRole<HTMLInputElement>('radio');
      expect(radios.length).toBeGreaterThan(1);
      for (const radio of radios) {
        expect(radio.labels?.[0]?.style.minHeight).toContain('2.75rem');
      }
    }
  });
});
