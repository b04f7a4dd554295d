import { shimmer, styled } from '../stitches.config';

/** A grey block in the shape of content that is still loading; hidden from assistive technology. */
const Block = styled('span', {
  display: 'block',
  backgroundColor: '$surfaceHover',
  borderRadius: '$sm',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  variants: {
    shape: {
      text: { height: '1em', borderRadius: '$sm' },
      box: { borderRadius: '$md' },
      circle: { borderRadius: '$round' },
    },
  },
  defaultVariants: { shape: 'text' },
});

export interface SkeletonProps {
  width?: string | number;
  height?: string | number;
  shape?: 'text' | 'box' | 'circle';
}

export function Skeleton({ width = '100%', height, shape = 'text' }: SkeletonProps) {
  return <Block aria-hidden="true" shape={shape} css={{ width, ...(height === undefined ? {} : { height }) }} />;
}
