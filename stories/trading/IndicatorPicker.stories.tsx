import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { IndicatorPicker } from '../../src/ui/chart/IndicatorPicker';
import { newIndicatorSettings } from '../../src/shared/chart-indicators';

const rsi = newIndicatorSettings('rsi', [], '#8fb4ff');
const bollinger = newIndicatorSettings('bollinger', [rsi], '#f5c451');
const full = Array.from({ length: 12 }, (_, i) => ({ ...newIndicatorSettings('sma', [], '#8fb4ff'), id: `sma-${i + 1}`, periods: [5 + i] }));

const meta = {
  title: 'Patterns/Trading/IndicatorPicker',
  component: IndicatorPicker,
  args: {
    indicators: [],
    templates: [],
    onAdd: fn(),
    onChange: fn(),
    onRemove: fn(),
    onSaveTemplate: fn(),
    onApplyTemplate: fn(),
    onRemoveTemplate: fn(),
  },
} satisfies Meta<typeof IndicatorPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sheet is portalled to the body; it is visible once its rise has ended. */
const sheet = () => within(document.body).getByRole('dialog');
const openSheet = async () => {
  await waitFor(() => expect(sheet()).toBeVisible());
  return within(sheet());
};

export const Closed: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Индикаторы (0)' });
    await userEvent.click(button);
    await waitFor(() => expect(sheet()).toBeVisible());
  },
};

export const Empty: Story = {
  args: { initiallyOpen: true },
  play: async ({ args, userEvent }) => {
    const dialog = await openSheet();
    await expect(dialog.getByText('Индикаторов пока нет')).toBeVisible();
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Индикатор' }), 'rsi');
    await userEvent.click(dialog.getByRole('button', { name: 'Добавить' }));
    await expect(args.onAdd).toHaveBeenCalledWith('rsi');
  },
};

export const WithIndicators: Story = {
  args: { initiallyOpen: true, indicators: [rsi, bollinger] },
  play: async ({ args, userEvent }) => {
    const dialog = await openSheet();
    await expect(dialog.getByText('RSI 14')).toBeVisible();
    await expect(dialog.getByText('Полосы Боллинджера 20; 2')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Убрать RSI 14' }));
    await expect(args.onRemove).toHaveBeenCalledWith('rsi-1');
  },
};

export const Editing: Story = {
  args: { initiallyOpen: true, indicators: [bollinger] },
  play: async ({ args, userEvent }) => {
    const dialog = await openSheet();
    await userEvent.click(dialog.getByRole('button', { name: 'Настроить Полосы Боллинджера 20; 2' }));
    const period = dialog.getByRole('textbox', { name: 'Период' });
    await userEvent.clear(period);
    await userEvent.type(period, '30');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Толщина линии' }), '3');
    await userEvent.click(dialog.getByRole('button', { name: 'Применить' }));
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'bollinger-1', periods: [30], width: 3 }));
  },
};

export const InvalidSettings: Story = {
  args: { initiallyOpen: true, indicators: [rsi] },
  play: async ({ args, userEvent }) => {
    const dialog = await openSheet();
    await userEvent.click(dialog.getByRole('button', { name: 'Настроить RSI 14' }));
    const period = dialog.getByRole('textbox', { name: 'Период' });
    await userEvent.clear(period);
    await userEvent.type(period, '0');
    await userEvent.click(dialog.getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(dialog.getByText('Целое число от 1 до 500')).toBeVisible());
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Full: Story = {
  args: { initiallyOpen: true, indicators: full },
  play: async () => {
    const dialog = await openSheet();
    await expect(dialog.getByRole('button', { name: 'Добавить' })).toBeDisabled();
    await expect(dialog.getByRole('status')).toHaveTextContent('Не больше 12 индикаторов на графике');
  },
};

export const WithTemplates: Story = {
  args: { initiallyOpen: true, indicators: [rsi], templates: [{ name: 'Тренд', count: 2 }] },
  play: async ({ args, userEvent }) => {
    const dialog = await openSheet();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Название шаблона' }), 'Импульс');
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить эти индикаторы' }));
    await expect(args.onSaveTemplate).toHaveBeenCalledWith('Импульс');
    await userEvent.click(dialog.getByRole('button', { name: 'Применить шаблон Тренд' }));
    await expect(args.onApplyTemplate).toHaveBeenCalledWith('Тренд');
  },
};
