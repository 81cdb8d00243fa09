// Schnapsen's part of the table is Sixty-six's panel (static/games/sixty_six/panel.js), its
// styles included: the family's 20-card member shows the same talon, turned trump, marriages,
// exchange, closing and claim, and its words come from this game's own i18n files.

export * from '../sixty_six/panel.js';
