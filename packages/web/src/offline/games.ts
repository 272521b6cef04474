// The offline games kept in this browser (IndexedDB, through idb-keyval): across reloads and a closed
// app, until the player's archive has them.
import { createStore, get, set, values } from 'idb-keyval';
import type { SavedGame } from './local-game.js';

const games = createStore('baska-offline', 'games');

export const saveGame = (g: SavedGame) => set(g.id, g, games);
export const loadGame = (id: string) => get<SavedGame>(id, games);
/** Every game kept here, newest first. */
export const allGames = async () => (await values<SavedGame>(games)).sort((a, b) => b.createdAt - a.createdAt);
