/**
 * The series colours of every chart, in order: the site itself first, then each competitor (spec 9:
 * competitor charts use a 6-colour palette). A seventh series starts the palette again.
 */
export const SERIES_PALETTE = ['#1677ff', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#52c41a'] as const;

export function seriesColor(index: number): string {
  return SERIES_PALETTE[index % SERIES_PALETTE.length] as string;
}
