import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { Modal } from '../primitives/Modal';
import { styled } from '../stitches.config';

export interface ShortcutLine {
  /** The keys that do it, as typed ('u', '+', '?'); the first is the main one. */
  keys: readonly string[];
  /** Already translated. */
  label: string;
}

export interface ShortcutHelpProps {
  open: boolean;
  shortcuts: readonly ShortcutLine[];
  onClose: () => void;
}

const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  color: '$text',
  fontSize: '$sm',
  '& th, & td': { padding: '$2 $1', borderBottom: '1px solid $border', textAlign: 'left', verticalAlign: 'top' },
  '& thead th': { color: '$textMuted', fontWeight: '$medium' },
  '& tbody th': { whiteSpace: 'nowrap', fontWeight: '$regular' },
});
const Key = styled('kbd', {
  display: 'inline-block',
  minWidth: '1.75rem',
  padding: '0 $1',
  border: '1px solid $borderStrong',
  borderBottomWidth: 2,
  borderRadius: '$sm',
  backgroundColor: '$surface',
  fontFamily: '$mono',
  textAlign: 'center',
});
const Note = styled('p', { marginTop: '$3', fontSize: '$sm' });

/** A key as drawn: letters in capitals, as on the keyboard. */
const keyCap = (key: string) => key.toUpperCase();

/** The trading room's keyboard shortcuts: each key and what it does, and when they work. */
export function ShortcutHelp({ open, shortcuts, onClose }: ShortcutHelpProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('trading.keys.title')}
      onClose={onClose}
      actions={
        <Button variant="outline" onClick={onClose}>
          {t('trading.keys.close')}
        </Button>
      }
    >
      <Table>
        <thead>
          <tr>
            <th scope="col">{t('trading.keys.key')}</th>
            <th scope="col">{t('trading.keys.action')}</th>
          </tr>
        </thead>
        <tbody>
          {shortcuts.map(({ keys, label }) => (
            <tr key={label}>
              <th scope="row">
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ` ${t('trading.keys.or')} `}
                    <Key>{keyCap(key)}</Key>
                  </span>
                ))}
              </th>
              <td>{label}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Note>{t('trading.keys.note')}</Note>
    </Modal>
  );
}
