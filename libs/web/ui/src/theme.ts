/** Design tokens of the Hintakori web app. Components read colours only from here. */
export const theme = {
  colors: {
    primary: '#17663f',
    primaryHover: '#0f4f30',
    primarySoft: '#e3f1e8',
    onPrimary: '#ffffff',
    accent: '#e07b00',
    accentSoft: '#fff1dc',
    background: '#f5f6f3',
    surface: '#ffffff',
    surfaceAlt: '#eef1ec',
    text: '#1c2420',
    textMuted: '#56625a',
    border: '#d6ddd7',
    borderStrong: '#aab5ad',
    danger: '#b3261e',
    dangerSoft: '#fdeceb',
    warning: '#8a5300',
    warningSoft: '#fff3d6',
    success: '#17663f',
    successSoft: '#e3f1e8',
    focus: '#1d4ed8',
    overlay: 'rgba(14, 20, 16, 0.5)',
    skeleton: '#e4e8e4',
    tooltip: '#1c2420',
    onTooltip: '#ffffff',
    groupS: '#007a3d',
    groupK: '#d45500',
    groupL: '#0a4aa6',
    clusterSmall: 'rgba(23, 102, 63, 0.85)',
    clusterMedium: 'rgba(224, 123, 0, 0.88)',
    clusterLarge: 'rgba(179, 38, 30, 0.88)',
    clusterHalo: 'rgba(255, 255, 255, 0.7)',
  },
  /** Line colours of charts, one per series in order (the price levels' stores). */
  chart: ['#17663f', '#d45500', '#0a4aa6', '#8a5300', '#7b3fa0', '#b3261e', '#00838f', '#56625a'],
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem', hero: '2.25rem' },
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px', xxxl: '48px' },
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  shadows: {
    sm: '0 1px 2px rgba(14, 20, 16, 0.08)',
    md: '0 4px 14px rgba(14, 20, 16, 0.12)',
    lg: '0 12px 32px rgba(14, 20, 16, 0.22)',
  },
  breakpoints: { sm: 640, md: 960, lg: 1200 },
  layout: { maxContentWidth: 1500, sidebarWidth: 232, topBarHeight: 56, slideOverWidth: 440 },
  transitions: { drawerMs: 300, fast: '150ms ease' },
  zIndex: { topBar: 900, sidebar: 910, overlay: 1000, modal: 1010, toast: 1100, tooltip: 1200 },
} as const;

export type AppTheme = typeof theme;

/** Media query helpers: `${mq.below('md')}` etc. */
export const mq = {
  below: (bp: keyof AppTheme['breakpoints']) => `@media (max-width: ${theme.breakpoints[bp] - 0.02}px)`,
  atLeast: (bp: keyof AppTheme['breakpoints']) => `@media (min-width: ${theme.breakpoints[bp]}px)`,
};
