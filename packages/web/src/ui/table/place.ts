// Where a seat sits on the screen, seen from the viewer's own seat.

/** 0 bottom, 1 left, 2 top, 3 right, seen from `mine`. */
export const place = (seat: number, mine: number) => (seat - mine + 4) % 4;
export const PLACES = ['bottom', 'left', 'top', 'right'] as const;
/** The screen place's name of `seat` seen from `mine`. */
export const placeOf = (seat: number, mine: number) => PLACES[place(seat, mine)]!;
