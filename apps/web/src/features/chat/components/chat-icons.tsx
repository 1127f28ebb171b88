import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const stroke = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const ChatBubbleIcon = (p: IconProps) => (
  <svg width="24" height="24" {...stroke} {...p}>
    <path d="M20 12a8 8 0 0 1-11.7 7.1L4 20l1-4A8 8 0 1 1 20 12z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" strokeWidth={2.6} />
  </svg>
);

export const SendIcon = (p: IconProps) => (
  <svg width="24" height="24" {...stroke} {...p}>
    <path d="M5 12h13M12 5l7 7-7 7" />
  </svg>
);
