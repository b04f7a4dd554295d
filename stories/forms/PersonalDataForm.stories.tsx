import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PersonalDataForm } from '../../src/ui/forms/PersonalDataForm';
import { LONG_EMAIL, user } from '../support/shell-fixtures';
import { formChecks, t } from '../support/form-checks';

const filled = {
  first_name: 'Анна',
  last_name: 'Петрова',
  phone: '+7 900 123-45-67',
  country: 'RU',
  birth_date: '1990-04-12',
  time_zone: 'Europe/Moscow',
};
/** A few of the zones the route lists (all of Intl's, by offset), the device's own first. */
const timeZoneOptions = [
  { value: '', label: t('auth.profile.time_zone_device', { zone: 'Europe/Moscow' }) },
  { value: 'America/Sao_Paulo', label: 'America/Sao Paulo (GMT−03:00)' },
  { value: 'UTC', label: 'UTC (GMT)' },
  { value: 'Europe/Moscow', label: 'Europe/Moscow (GMT+03:00)' },
  { value: 'Asia/Kolkata', label: 'Asia/Kolkata (GMT+05:30)' },
];

const meta = {
  title: 'Patterns/Forms/PersonalDataForm',
  component: PersonalDataForm,
  args: {
    email: user.email,
    accountId: user.accountId,
    emailConfirmed: true,
    timeZoneOptions,
    initialValues: filled,
    validate: formChecks.personal,
    onSubmit: fn(),
    onResendConfirmation: fn(),
  },
} satisfies Meta<typeof PersonalDataForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(user.accountId)).toBeVisible();
    const phone = canvas.getByLabelText('Телефон');
    // A cleared field goes out as an empty string, which the server stores as null.
    await userEvent.clear(phone);
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...filled, phone: '' });
  },
};

export const EmptyProfile: Story = {
  args: { initialValues: {} },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ first_name: '', last_name: '', phone: '', country: '', birth_date: '', time_zone: '' });
  },
};

export const TimeZoneChosen: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const zone = canvas.getByLabelText(t('auth.profile.time_zone'));
    await expect(zone).toHaveValue('Europe/Moscow');
    await expect(zone).toHaveAccessibleDescription(t('auth.profile.time_zone_hint'));
    await userEvent.selectOptions(zone, 'America/Sao_Paulo');
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...filled, time_zone: 'America/Sao_Paulo' });
  },
};

export const InvalidFields: Story = {
  args: { initialValues: { ...filled, phone: 'call me', country: 'Russia' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('Телефон')).toHaveFocus();
    await expect(canvas.getByLabelText('Телефон')).toHaveAccessibleDescription('Введите номер телефона, например +7 900 123-45-67');
    await expect(canvas.getByLabelText('Страна')).toHaveAccessibleDescription('Выберите страну');
  },
};

export const ServerFieldErrors: Story = {
  args: { errors: { birth_date: t('validation.date') }, formError: t('errors.validation') },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Дата рождения')).toHaveAccessibleDescription('Введите корректную дату');
  },
};

export const EmailUnconfirmed: Story = {
  args: { emailConfirmed: false },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Email не подтверждён.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить письмо ещё раз' }));
    await expect(args.onResendConfirmation).toHaveBeenCalledTimes(1);
  },
};

export const ConfirmationSending: Story = {
  args: { emailConfirmed: false, resendBusy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Отправить письмо ещё раз' })).toBeDisabled();
  },
};

export const ConfirmationSent: Story = {
  args: { emailConfirmed: false, resendSent: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Письмо отправлено.');
  },
};

export const Saved: Story = {
  args: { success: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Данные сохранены.');
  },
};

export const Busy: Story = { args: { busy: true } };

export const LongText: Story = {
  args: {
    email: LONG_EMAIL,
    initialValues: { ...filled, first_name: 'Александра-Мария-Елизавета', last_name: 'Константинопольская-Вознесенская' },
  },
};


export const CompactLayout: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
