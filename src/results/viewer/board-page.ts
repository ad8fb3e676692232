// The script of a leaderboard page without the instance viewer: only the table's sorting.
import { initBoard } from './board.ts';

initBoard();
