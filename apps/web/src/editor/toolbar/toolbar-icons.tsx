import type { ReactNode, SVGProps } from 'react';

/** Toolbar glyphs in the style of components/ui/icons.tsx (24×24, stroke, currentColor). */
type Props = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function glyph(paths: ReactNode) {
  return function Glyph({ size = 16, ...rest }: Props) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const UndoIcon = glyph(<path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />);
export const RedoIcon = glyph(<path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />);
export const AutoLayoutIcon = glyph(
  <>
    <rect x="2.5" y="9" width="6" height="6" rx="1.5" />
    <rect x="15.5" y="3" width="6" height="6" rx="1.5" />
    <rect x="15.5" y="15" width="6" height="6" rx="1.5" />
    <path d="M8.5 12h3.5M12 6v12M12 6h3.5M12 18h3.5" />
  </>,
);
export const FitViewIcon = glyph(<path d="M3 8V5a2 2 0 0 1 2-2h3M16 3h3a2 2 0 0 1 2 2v3M21 16v3a2 2 0 0 1-2 2h-3M8 21H5a2 2 0 0 1-2-2v-3M9 9h6v6H9z" />);
export const SaveIcon = glyph(
  <>
    <path d="M19 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11l5 5v11a2 2 0 0 1-2 2z" />
    <path d="M17 21v-8H7v8M7 3v5h8" />
  </>,
);
export const ParamsIcon = glyph(<path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />);
