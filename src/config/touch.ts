/**
 * The smallest touch target on the clinic's tablets and phones (PRODUCT.md
 * section 1): 44 px. The theme gives it to every input, button, icon button,
 * chip and close button; anything else a finger taps (a row, a link on a line
 * of its own, a card) takes it from here, never from a number of its own.
 */
export const TOUCH_TARGET_PX = 44;

/** The same, in rem: it grows with the person's font size as the rest of the page does. */
export const TOUCH_TARGET = `${TOUCH_TARGET_PX / 16}rem`;
