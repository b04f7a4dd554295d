import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from '../src/ui/primitives/Badge';
import { Card, CardTitle } from '../src/ui/primitives/Card';
import { Skeleton } from '../src/ui/primitives/Skeleton';
import { Spinner } from '../src/ui/primitives/Spinner';

/** Badges, cards, spinners and skeletons: the small pieces that show status and loading. */
function Feedback() {
  return (
    <div style={{ display: 'grid', gap: 24, maxWidth: 640 }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {(['primary', 'secondary', 'success', 'warning', 'danger', 'gold', 'neutral'] as const).map((tone) => (
          <Badge key={tone} tone={tone} data-tone={tone}>
            {/* The matrix labels each tone by its name in the code, which the designer looks up. */}
            <span translate="no">{tone}</span>
          </Badge>
        ))}
        <Badge aria-label="Непрочитанных: 128">128</Badge>
      </div>
      <Card>
        <CardTitle>Основной счёт</CardTitle>
        <p>Доступно к выводу: 1 250,50 $</p>
      </Card>
      <Card raised compact>
        <p>Карточка поверх другой поверхности</p>
      </Card>
      <Spinner label="Загрузка истории" size="lg" />
      <div style={{ display: 'grid', gap: 8 }}>
        <Skeleton height="2rem" width="40%" />
        <Skeleton />
        <Skeleton width="80%" />
        <Skeleton shape="circle" width={40} height={40} />
      </div>
    </div>
  );
}

const meta = {
  title: 'Components/Feedback',
  component: Feedback,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Feedback>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllPieces: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-tone]')).toHaveLength(7);
    await expect(canvas.getByLabelText('Непрочитанных: 128')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Основной счёт' })).toBeVisible();
    // The spinner says what is loading; the skeletons stay out of the accessibility tree.
    await expect(canvas.getByRole('status')).toHaveTextContent('Загрузка истории');
    await expect(canvasElement.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThanOrEqual(5);
  },
};
