import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { FileButton } from '../src/ui/primitives/FileButton';
import { pdfFile } from './support/fixtures';
import { pointerFocusLeft } from './support/focus';
import { fixtureKey } from './support/fixture-text';

/**
 * A file picker drawn as an outline button in the page's language (the browser's own input says
 * "Choose File" in the browser's). The input itself is in the tab order and is what a test uploads to.
 */
const meta = {
  title: 'Components/FileButton',
  component: FileButton,
  args: { children: fixtureKey('limits.kyc.choose'), accept: 'application/pdf', onChange: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof FileButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.upload(canvas.getByLabelText('Выбрать файл'), pdfFile());
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    await pointerFocusLeft(canvasElement);
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Выбрать файл')).toHaveFocus();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Выбрать файл')).toBeDisabled();
  },
};
