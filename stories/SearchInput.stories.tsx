import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { SearchInput } from '../src/ui/SearchInput';
import type { SearchInputProps } from '../src/ui/SearchInput';
import { onPhone } from './support/layout-checks';

/** Holds the typed text as a container would. */
function Controlled(props: SearchInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SearchInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/SearchInput',
  component: SearchInput,
  render: (args) => <Controlled {...args} />,
  args: { value: '', label: 'Поиск по паре', onChange: fn(), onSubmit: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SearchInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('searchbox', { name: 'Поиск по паре' });
    await userEvent.type(input, '  EUR ');
    await expect(args.onChange).toHaveBeenLastCalledWith('  EUR ');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('EUR');
  },
};

export const WithValue: Story = {
  args: { value: 'GBP/USD' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Очистить поиск' }));
    await expect(args.onChange).toHaveBeenCalledWith('');
    await expect(args.onSubmit).toHaveBeenCalledWith('');
    await expect(canvas.getByRole('searchbox')).toHaveValue('');
  },
};


export const LongValueCompact: Story = {
  args: { value: 'Евро против японской иены, дневные свечи за последний месяц' },
  ...onPhone,
};
