export * from './types';
export * from './messages';
export * from './appErrors';
export * from './classifier';
export * from './scrub';
