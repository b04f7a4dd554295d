import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateInput, parseDateInput } from '../../shared/format';
import { styled } from '../stitches.config';

const Wrapper = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', minWidth: 0 });

export const Label = styled('label', { fontSize: '$sm', fontWeight: '$medium', color: '$text' });

const Hint = styled('p', { fontSize: '$xs', color: '$textMuted' });

export const ErrorText = styled('p', { fontSize: '$sm', color: '$dangerText' });
/** The error line keeps its height while empty, so an error appearing moves nothing below it. */
const ErrorLine = styled(ErrorText, { minHeight: '1.3125rem' });
const hiddenLabel = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
} as const;

const controlBase = {
  width: '100%',
  height: '$control',
  px: '$3',
  backgroundColor: '$bg',
  color: '$text',
  border: '1px solid $borderStrong',
  borderRadius: '$md',
  fontSize: '$md',
  transition: 'border-color $fast, box-shadow $fast',
  '&::placeholder': { color: '$textSubtle' },
  '&:focus': { outline: 'none', borderColor: '$focus', boxShadow: '$focus' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  '&[aria-invalid="true"]': { borderColor: '$dangerText' },
} as const;

export const Input = styled('input', controlBase);
const SelectControl = styled('select', { ...controlBase, appearance: 'auto' });

interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Already translated error text; shown under the control and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The label is read out but not drawn (a docked bar with no room for it). */
  labelHidden?: boolean;
  /**
   * Keep an empty error line's height (the default). Off where the host shows the error
   * elsewhere in a space of its own (the docked trade bar's status line).
   */
  reserveError?: boolean;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, a hint and an error, wired together for assistive technology. */
export function Field({ label, error, hint, labelHidden = false, reserveError = true, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id} css={labelHidden ? hiddenLabel : undefined}>
        {label}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {reserveError ? (
        <ErrorLine id={errorId}>{error}</ErrorLine>
      ) : (
        error && <ErrorText id={errorId}>{error}</ErrorText>
      )}
    </Wrapper>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * `type="date"` is a date written in the page's language (31.12.2026 in Russian) with a written
 * example as its placeholder, still passing yyyy-mm-dd: the browser's own date input writes the
 * browser's locale, whatever the page's language (mm/dd/yyyy on a Russian page in an American
 * Chrome).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onChange, error, hint, ...input },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) =>
        input.type === 'date' ? (
          <DateInput ref={ref} {...input} {...control} value={value} onChange={onChange} />
        ) : (
          <Input ref={ref} {...input} {...control} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
});

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
};

/** An example whose day cannot be read as a month, so the placeholder shows the order too. */
const EXAMPLE_DATE = '2000-12-31';

const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput({ value, onChange, type: _date, ...input }, ref) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // What the trader is typing, with the value it gave: a value set from outside (a reset, a saved
  // profile) shows instead, while a date still being typed (passed on as '') stays.
  const [draft, setDraft] = useState<{ text: string; value: string } | null>(null);
  const text = draft?.value === value ? draft.text : formatDateInput(value, language);
  return (
    <Input
      ref={ref}
      {...input}
      type="text"
      // Digits and a separator key on a phone's keyboard (the numeric one has no separator); any
      // separator is read, and a whole date is written the language's way once the field is left.
      inputMode="decimal"
      placeholder={formatDateInput(EXAMPLE_DATE, language)}
      value={text}
      onChange={(event) => {
        const typed = parseDateInput(event.target.value, language) ?? '';
        setDraft({ text: event.target.value, value: typed });
        onChange(typed);
      }}
      onBlur={(event) => {
        if (draft?.value) setDraft(null);
        input.onBlur?.(event);
      }}
    />
  );
});

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function SelectField({ label, value, options, onChange, error, hint, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <SelectControl {...select} {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectControl>
      )}
    </Field>
  );
}

const CheckboxRow = styled('label', {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$2',
  fontSize: '$sm',
  color: '$text',
  cursor: 'pointer',
  '& input': { width: '1.125rem', height: '1.125rem', marginTop: '0.125rem', accentColor: '#1d4ed8', flexShrink: 0 },
});

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'checked' | 'type' | 'id'
> {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

export function Checkbox({ label, checked, onChange, error, ...input }: CheckboxProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Wrapper>
      <CheckboxRow>
        <input
          {...input}
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </CheckboxRow>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Wrapper>
  );
}
