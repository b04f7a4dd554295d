import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Checkbox, ErrorText, Field, Input, Label, SelectField, TextField } from '../src/ui/primitives/Field';
import { onPhone } from './support/layout-checks';
import { expectRealFocus, InState, MATRIX_PARAMETERS, StateMatrix } from './support/state-matrix';

interface FieldsProps {
  error?: string;
  hint?: string;
  disabled?: boolean;
  onValue: (name: string, value: string | boolean) => void;
}

/** A text field, a select and a checkbox as the forms use them, with their own state. */
function Fields({ error, hint, disabled, onValue }: FieldsProps) {
  const [amount, setAmount] = useState('');
  const [country, setCountry] = useState('RU');
  const [agreed, setAgreed] = useState(false);
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 420 }}>
      <TextField
        label="Сумма, USD"
        inputMode="decimal"
        value={amount}
        error={error}
        hint={hint}
        disabled={disabled}
        onChange={(value) => {
          setAmount(value);
          onValue('amount', value);
        }}
      />
      <SelectField
        label="Страна"
        value={country}
        options={[
          { value: 'RU', label: 'Россия' },
          { value: 'KZ', label: 'Казахстан' },
          { value: 'DE', label: 'Германия' },
        ]}
        disabled={disabled}
        onChange={(value) => {
          setCountry(value);
          onValue('country', value);
        }}
      />
      <Checkbox
        label="Я принимаю условия использования"
        checked={agreed}
        error={error ? 'Нужно принять условия использования' : undefined}
        disabled={disabled}
        onChange={(value) => {
          setAgreed(value);
          onValue('terms', value);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Components/Field',
  component: Fields,
  subcomponents: { TextField, SelectField, Checkbox, Field, Input, Label, ErrorText },
  args: { onValue: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Fields>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Сумма, USD'), '25.50');
    await expect(args.onValue).toHaveBeenLastCalledWith('amount', '25.50');
    await userEvent.selectOptions(canvas.getByLabelText('Страна'), 'DE');
    await expect(args.onValue).toHaveBeenLastCalledWith('country', 'DE');
    // The whole label row toggles the box.
    await userEvent.click(canvas.getByText('Я принимаю условия использования'));
    await expect(canvas.getByRole('checkbox')).toBeChecked();
  },
};

export const WithHint: Story = {
  args: { hint: 'От 10,00 до 5 000,00 USD' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Сумма, USD')).toHaveAccessibleDescription('От 10,00 до 5 000,00 USD');
  },
};

export const WithError: Story = {
  args: { error: 'Введите сумму в долларах, не больше двух знаков после запятой', hint: 'От 10,00 до 5 000,00 USD' },
  play: async ({ canvas }) => {
    const amount = canvas.getByLabelText('Сумма, USD');
    await expect(amount).toBeInvalid();
    // The error is read first, then the hint.
    await expect(amount).toHaveAccessibleDescription(
      'Введите сумму в долларах, не больше двух знаков после запятой От 10,00 до 5 000,00 USD',
    );
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription('Нужно принять условия использования');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Сумма, USD')).toBeDisabled();
    await expect(canvas.getByLabelText('Страна')).toBeDisabled();
    await expect(canvas.getByRole('checkbox')).toBeDisabled();
  },
};

export const CompactLayout: Story = {
  args: { error: 'Введите сумму в долларах, не больше двух знаков после запятой' },
  ...onPhone,
};

/**
 * The error line keeps its height while empty: an error of one line appearing moves nothing below
 * the field (issue 11, 19).
 */
function ErrorAppears({ error }: { error: string | undefined }) {
  return (
    <div>
      <TextField label="Сумма, USD" value="0" onChange={() => undefined} error={error} />
      <p data-testid="below">Под полем</p>
    </div>
  );
}

export const ErrorSpaceReserved: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      <ErrorAppears error={undefined} />
      <ErrorAppears error="Введите сумму" />
    </div>
  ),
  play: async ({ canvas }) => {
    const [without, withError] = canvas.getAllByTestId('below');
    await expect(withError!.getBoundingClientRect().top).toBe(without!.getBoundingClientRect().top);
    await expect(canvas.getAllByLabelText('Сумма, USD')[1]).toHaveAccessibleDescription('Введите сумму');
  },
};

/** A field's states, each in a cell of its own width: empty, filled, with an error, unavailable, focused. */
const FIELD_STATES = ['empty', 'filled', 'error', 'disabled', 'focus'] as const;
type FieldState = (typeof FIELD_STATES)[number];
const inState = (state: FieldState) => ({
  error: state === 'error' ? 'Введите сумму' : undefined,
  disabled: state === 'disabled',
  filled: state !== 'empty',
});
const COUNTRIES = [
  { value: '', label: 'Не выбрана' },
  { value: 'RU', label: 'Россия' },
];

function FieldCell({ state, children }: { state: FieldState; children: ReactNode }) {
  return (
    <InState state={state === 'focus' ? 'focus-visible' : undefined}>
      <div style={{ width: 180 }}>{children}</div>
    </InState>
  );
}

/** The text field, the select and the checkbox in every state (issue: what a designer sees). */
export const EveryControlInEveryState: Story = {
  parameters: MATRIX_PARAMETERS,
  render: () => {
    const cells = (control: (state: ReturnType<typeof inState>) => ReactNode) =>
      FIELD_STATES.map((state) => (
        <FieldCell key={state} state={state}>
          {control(inState(state))}
        </FieldCell>
      ));
    const ignore = () => undefined;
    return (
      <StateMatrix
        rows={[
          {
            key: 'text',
            cells: cells(({ filled, ...state }) => (
              <TextField label="Сумма, USD" value={filled ? '25.50' : ''} onChange={ignore} {...state} />
            )),
          },
          {
            key: 'select',
            cells: cells(({ filled, ...state }) => (
              <SelectField label="Страна" value={filled ? 'RU' : ''} options={COUNTRIES} onChange={ignore} {...state} />
            )),
          },
          {
            key: 'checkbox',
            cells: cells(({ filled, ...state }) => (
              <Checkbox label="Согласен с условиями" checked={filled} onChange={ignore} {...state} />
            )),
          },
        ]}
      />
    );
  },
  play: async ({ canvas, userEvent }) => {
    const amounts = canvas.getAllByLabelText('Сумма, USD');
    await expect(amounts.map((input) => (input as HTMLInputElement).value)).toEqual(['', '25.50', '25.50', '25.50', '25.50']);
    await expect(amounts[2]).toBeInvalid();
    await expect(amounts[3]).toBeDisabled();
    await expectRealFocus(amounts[4]!, 'boxShadow', () => userEvent.tab());
  },
};

/** A date field with its own state, as a form holds it. */
function DateOfBirth({ initial, onValue }: { initial: string; onValue: (name: string, value: string) => void }) {
  const [date, setDate] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 8, maxWidth: 240 }}>
      <TextField
        type="date"
        label="Дата рождения"
        value={date}
        onChange={(value) => {
          setDate(value);
          onValue('date', value);
        }}
      />
    </div>
  );
}

/**
 * A date is written in the page's language, day first in Russian (the browser's own date input
 * wrote the browser's mm/dd/yyyy instead), with an example of the order while it is empty.
 */
export const DateInLanguageOrder: Story = {
  render: ({ onValue }) => <DateOfBirth initial="1990-03-09" onValue={onValue} />,
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Дата рождения');
    await expect(input).toHaveValue('09.03.1990');
    await userEvent.clear(input);
    await expect(input).toHaveAttribute('placeholder', '31.12.2000');
    await expect(args.onValue).toHaveBeenLastCalledWith('date', '');
    // Day, month, year, passed on as yyyy-mm-dd once it is a whole date.
    // A phone's keyboard may only have a comma: read all the same, then written with dots once left.
    await userEvent.type(input, '15,4,1988');
    await expect(args.onValue).toHaveBeenLastCalledWith('date', '1988-04-15');
    await userEvent.tab();
    await expect(input).toHaveValue('15.04.1988');
  },
};
