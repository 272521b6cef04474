// Types the rules texts use, in one place.
export type { CardCode } from '@baska/engine';
export type { ComponentChildren } from 'preact';
