import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from './icons';
import { IconButton } from './primitives/IconButton';
import { VisuallyHidden } from './primitives/VisuallyHidden';
import { styled } from './stitches.config';

const Form = styled('form', {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  maxWidth: '24rem',
  '& > svg': { position: 'absolute', insetInlineStart: '$3', color: '$textMuted', pointerEvents: 'none' },
});
const Input = styled('input', {
  width: '100%',
  height: '$control',
  paddingInlineStart: '2.5rem',
  paddingInlineEnd: '2.75rem',
  backgroundColor: '$bg',
  color: '$text',
  border: '1px solid $borderStrong',
  borderRadius: '$pill',
  '&::placeholder': { color: '$textSubtle' },
  '&:focus': { outline: 'none', borderColor: '$focus', boxShadow: '$focus' },
  '&::-webkit-search-cancel-button': { display: 'none' },
});
const Clear = styled('div', { position: 'absolute', insetInlineEnd: '$1' });

export interface SearchInputProps {
  value: string;
  /** The visible placeholder and the accessible label. */
  label: string;
  placeholder?: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
}

export function SearchInput({ value, label, placeholder, onChange, onSubmit }: SearchInputProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value.trim());
      }}
    >
      <VisuallyHidden as="label" htmlFor={id}>
        {label}
      </VisuallyHidden>
      <SearchIcon />
      <Input id={id} type="search" value={value} placeholder={placeholder ?? label} onChange={(e) => onChange(e.target.value)} />
      {value && (
        <Clear>
          <IconButton
            size="sm"
            label={t('shell.search-clear')}
            onClick={() => {
              onChange('');
              onSubmit('');
            }}
          >
            <CloseIcon />
          </IconButton>
        </Clear>
      )}
    </Form>
  );
}
