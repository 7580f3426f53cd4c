/**
 * DrawingML's preset line dashes (a:prstDash, ST_PresetLineDashVal §20.1.10.49) as dash and gap
 * lengths in multiples of the line's width: read for shape outlines and text outlines, and drawn for
 * chart trendlines, which keep the preset's name in the model.
 */
export const PRESET_DASHES: Readonly<Record<string, readonly number[]>> = {
  dash: [4, 3], sysDash: [3, 1], dot: [1, 3], sysDot: [1, 1], lgDash: [8, 3], dashDot: [4, 3, 1, 3], sysDashDot: [3, 1, 1, 1],
  lgDashDot: [8, 3, 1, 3], lgDashDotDot: [8, 3, 1, 3, 1, 3], sysDashDotDot: [3, 1, 1, 1, 1, 1],
};
