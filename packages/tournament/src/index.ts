// @baska/tournament: formats, the tournament file, the draw, table and tournament ranking,
// seasons and printable protocols (docs/spec/tournament.md). No server, no database.
export { TOURNAMENT_ERROR_CODES, type TournamentError, type TournamentErrorCode, type TResult } from './errors.js';
export {
  FORMAT_OPTIONS,
  FORMAT_PRESETS,
  PRESET_FORMATS,
  TABLE_SIZES,
  TIEBREAKS,
  type Format,
  type FormatPreset,
  type TableSize,
  type Tiebreak,
  ORDERS,
  type Order,
  makeFormat,
  resolveFormat,
  tournamentPointsAt,
} from './format.js';
export {
  type ProtocolRow,
  type Tournament,
  type TournamentFile,
  type TournamentPlayer,
  type TournamentRound,
  type TournamentTable,
  type DuplicateRound,
  checkTournament,
  isComplete,
  isFinished,
  makeTournament,
  parseTournament,
  sittingOut,
} from './file.js';
export { Ratio } from './ratio.js';
export {
  POINTS_DECIMALS,
  type PeopleCells,
  type PeopleJsonRow,
  type PeopleRow,
  peopleCells,
  peopleTable,
  pointsText,
} from './points.js';
export { type DuplicateDeal, duplicateDeals, duplicateOfRound, verifyDuplicate } from './duplicate.js';
export {
  type RoundResult,
  type StandingRow,
  type Standings,
  type TableResult,
  rankTable,
  standings,
  tableResult,
} from './ranking.js';
export { type SeasonRow, season } from './season.js';
export { seasonCsv, seasonJson, standingsCsv, standingsJson } from './exports.js';
export { SHEET_LANGS, type SheetLang, spreadsheetCsv } from './spreadsheet.js';
export { MAX_PLAYER_NAME, parsePlayers } from './players.js';
export { drawRound, repeatedPairs, tableSizes } from './draw.js';
export { firstRound, lateFrom, playersOfRound, playsIn } from './roster.js';
export { type NewTournament, drawInto, newTournament, withDeals } from './rounds.js';
export { type ProtocolLang, type ProtocolPhone, protocolPage } from './protocol.js';
export {
  ENTRY_ERROR_CODES,
  MAX_ENTRY_POINTS,
  OFFENCE_KINDS,
  type DealWords,
  type Entry,
  type EntryContext,
  type EntryError,
  type EntryErrorCode,
  type EntryResult,
  type EntryRow,
  type Grade,
  type Offence,
  type OffenceKind,
  type SaidWord,
  entryOf,
  entryOfScores,
  entryOfWords,
  parseEntry,
  parseWords,
} from './entry.js';
export {
  MAX_DEALS,
  MAX_NAME,
  type NextDeal,
  type Pad,
  type PadFile,
  newPad,
  padAdd,
  padFile,
  padMoney,
  padNext,
  padOfFile,
  padUndo,
} from './pad.js';
