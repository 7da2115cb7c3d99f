/**
 * The D8 neighbourhood (O'Callaghan & Mark 1984, "The extraction of drainage networks from
 * digital elevation data"): the eight neighbour offsets and their compass azimuths, shared by
 * filling, flow directions and accumulation.
 */
/**
 * D8 neighbour offsets, index k = 0..7: E, SE, S, SW, W, NW, N, NE (columns right, rows
 * down). A flow direction is one of these indices, or -1 where water leaves the grid (an
 * edge or nodata outlet) or the cell is nodata.
 */
export const D8_DCOL = [1, 1, 0, -1, -1, -1, 0, 1] as const;

export const D8_DROW = [0, 1, 1, 1, 0, -1, -1, -1] as const;
