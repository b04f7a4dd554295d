import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/Field';
import { styled } from '../stitches.config';
import type { FieldErrors } from '../types';

/** The props every form of src/ui/forms takes. */
export interface FormProps<V> {
  /** Starting values (the form keeps what is typed). */
  initialValues?: Partial<V>;
  /** Per-field messages, already translated: the server's 422 fields or the caller's checks. */
  errors?: FieldErrors;
  /** A message about the whole form (wrong credentials, too many attempts, server down). */
  formError?: string | undefined;
  busy?: boolean;
  /** Too many attempts: the submit button stays disabled until the server's wait is over. */
  waiting?: boolean;
  /** The call succeeded; forms that stay on screen show their success text. */
  success?: boolean;
  /** Client checks run on submit; a non-empty result is shown and nothing is submitted. */
  validate?: (values: V) => FieldErrors;
  onSubmit: (values: V) => void;
}

/**
 * Holds the typed values and the client-check errors. A field's error (client or server) is hidden
 * once that field is edited, so stale messages do not sit next to new input.
 */
export function useForm<V extends Record<string, string | boolean>>(defaults: V, props: FormProps<V>) {
  const [values, setValues] = useState<V>({ ...defaults, ...props.initialValues });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState(props.errors);

  // New errors from the caller (a fresh submit's answer) are shown again in full.
  if (serverErrors !== props.errors) {
    setServerErrors(props.errors);
    setEdited(new Set());
  }

  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setEdited((current) => new Set(current).add(name));
    setClientErrors((current) => ({ ...current, [name]: undefined }));
  };

  const errorOf = (name: keyof V & string): string | undefined =>
    clientErrors[name] ?? (edited.has(name) ? undefined : props.errors?.[name]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.busy || props.waiting) return;
    const found = props.validate?.(values) ?? {};
    const failed = Object.entries(found).filter(([, message]) => message);
    setClientErrors(found);
    if (failed.length > 0) {
      const form = event.currentTarget;
      // Focus the first invalid field so keyboard and screen-reader users land on the problem.
      queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setEdited(new Set());
    props.onSubmit(values);
  };

  /** A text field's name, value, error and change handler, spread onto a field. */
  const field = <K extends TextKey<V>>(name: K): BoundTextField => ({
    name,
    value: values[name] as string,
    error: errorOf(name),
    onChange: (value: string) => set(name, value as V[K]),
  });

  /** The FormFrame props every form passes the same way: whole-form error, busy, waiting, submit. */
  const frame = {
    formError: props.formError,
    busy: props.busy ?? false,
    waiting: props.waiting,
    onSubmit: handleSubmit,
  };

  return { values, set, errorOf, handleSubmit, field, frame };
}

/** The names of a form's text (not checkbox) fields; the values' index signature is left out. */
type TextKey<V> = keyof {
  [K in keyof V as string extends K ? never : number extends K ? never : V[K] extends string ? K : never]: true;
} &
  string;

export interface BoundTextField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function EmailField({ field }: { field: BoundTextField }) {
  const { t } = useTranslation();
  return <TextField label={t('shell.email')} type="email" autoComplete="email" inputMode="email" required {...field} />;
}

/** The password the trader has now (sign-in, password change). */
export function CurrentPasswordField({ field, label }: { field: BoundTextField; label: string }) {
  return <TextField label={label} type="password" autoComplete="current-password" required {...field} />;
}

export interface NewPasswordFieldsProps {
  password: BoundTextField;
  confirmation: BoundTextField;
  /** The first field's label; "New password" unless the form has no other password. */
  label?: string;
}

/** A new password with the rules hint, and its confirmation. */
export function NewPasswordFields({ password, confirmation, label }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label ?? t('shell.new-password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('shell.password-hint')}
        {...password}
      />
      <TextField
        label={t('shell.password-confirmation')}
        type="password"
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}

const Frame = styled('div', {
  width: '$authXl',
  minWidth: '22rem',
  margin: '0 auto',
  padding: '$6 $5',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$lg',
  boxShadow: '$md',
  // Auth form widths (docs/product.md 2): 20% / 40% / 80% / 100%.
  '@media (max-width: 1199.98px)': { width: '$authLg' },
  '@media (max-width: 799.98px)': { width: '$authMd', minWidth: 0 },
  '@phone': { width: '$authSm', border: 0, borderRadius: 0, boxShadow: 'none', padding: '$5 $4' },
  variants: {
    wide: { true: { width: 'min(40rem, 100%)', '@media (max-width: 1199.98px)': { width: 'min(40rem, 100%)' } } },
  },
});
const Title = styled('h1', { fontSize: '$2xl', fontWeight: '$bold', lineHeight: '$tight', marginBottom: '$2' });
const Intro = styled('p', { color: '$textMuted', fontSize: '$sm', marginBottom: '$5' });
const Fields = styled('div', { display: 'grid', gap: '$4', marginBottom: '$5' });
const FormFooter = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: '$2',
  marginTop: '$4',
  fontSize: '$sm',
  color: '$textMuted',
});

export const Alert = styled('div', {
  padding: '$3',
  marginBottom: '$4',
  borderRadius: '$md',
  borderInlineStart: '3px solid',
  fontSize: '$sm',
  color: '$text',
  variants: {
    tone: {
      danger: { backgroundColor: '$dangerSoft', borderInlineStartColor: '$dangerText' },
      success: { backgroundColor: '$successSoft', borderInlineStartColor: '$successText' },
    },
  },
});

export interface FormFrameProps {
  title: string;
  intro?: string;
  formError?: string | undefined;
  successText?: string | undefined;
  busy?: boolean;
  waiting?: boolean | undefined;
  submitLabel: string;
  wide?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** Title, alerts, fields, the submit button and the links under it. */
export function FormFrame({
  title,
  intro,
  formError,
  successText,
  busy,
  waiting,
  submitLabel,
  wide,
  onSubmit,
  children,
  footer,
}: FormFrameProps) {
  const { t } = useTranslation();
  return (
    <Frame wide={wide ?? false}>
      <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined} aria-label={title}>
        <Title>{title}</Title>
        {intro && <Intro>{intro}</Intro>}
        {formError && (
          <Alert tone="danger" role="alert">
            {formError}
          </Alert>
        )}
        {successText && (
          <Alert tone="success" role="status">
            {successText}
          </Alert>
        )}
        <Fields>{children}</Fields>
        <Button type="submit" variant="primary" full busy={busy ?? false} disabled={waiting ?? false}>
          {busy ? t('shell.sending') : submitLabel}
        </Button>
        {footer && <FormFooter>{footer}</FormFooter>}
      </form>
    </Frame>
  );
}
