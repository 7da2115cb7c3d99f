// The C++ baseline of bench/water_bench.ts: the same water pipeline as
// engines/geometry/water (Barnes, Lehman & Mulla 2014 priority-flood+ε with a pit queue on a
// std::priority_queue; D8 flow directions, O'Callaghan & Mark 1984; flow accumulation by
// walking each source downstream), written plainly the way a C++ programmer would, with the
// same conventions: row 0 on top, D8 order E, SE, S, SW, W, NW, N, NE, -1 where water leaves
// the grid, NaN cells nodata, ties to the first in D8 order. bench/_water_cpp.ts compiles it
// with `g++ -O2 -shared -fPIC` and calls it through Deno's FFI on the same typed arrays.
#include <cmath>
#include <cstdint>
#include <queue>
#include <utility>
#include <vector>

static const int DC[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};

// x + |x|·2⁻⁵², or nextafter where that does not move (engines/geometry/water/fill.ts stepUp).
static inline double step_up(double x) {
  double y = x + std::fabs(x) * 2.220446049250313e-16;
  return y > x ? y : std::nextafter(x, INFINITY);
}

extern "C" {

void d8(const double* z, int32_t w, int32_t h, double dx, double dy, int8_t* dirs) {
  double inv[8];
  for (int k = 0; k < 8; k++) inv[k] = 1.0 / std::hypot(DC[k] * dx, DR[k] * dy);
  const long off[8] = {1, (long)w + 1, (long)w, (long)w - 1, -1, -(long)w - 1, -(long)w,
                       -(long)w + 1};
  for (long i = 0, n = (long)w * h; i < n; i++) dirs[i] = -1;
  for (int r = 1; r < h - 1; r++) {
    for (long i = (long)r * w + 1, end = (long)r * w + w - 1; i < end; i++) {
      const double zi = z[i];
      if (zi != zi) continue;
      int best = -1;
      double b = 0;
      for (int k = 0; k < 8; k++) {
        const double s = (zi - z[i + off[k]]) * inv[k];
        if (s > b) {
          b = s;
          best = k;
        }
      }
      dirs[i] = (int8_t)best;
    }
  }
  auto edge = [&](int r, int c) {
    const long i = (long)r * w + c;
    const double zi = z[i];
    if (zi != zi) return;
    int best = -1;
    double b = 0;
    for (int k = 0; k < 8; k++) {
      const int rr = r + DR[k], cc = c + DC[k];
      if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
      const double s = (zi - z[(long)rr * w + cc]) * inv[k];
      if (s > b) {
        b = s;
        best = k;
      }
    }
    dirs[i] = (int8_t)best;
  };
  for (int c = 0; c < w; c++) {
    edge(0, c);
    if (h > 1) edge(h - 1, c);
  }
  for (int r = 1; r < h - 1; r++) {
    edge(r, 0);
    if (w > 1) edge(r, w - 1);
  }
}

void accumulate(const int8_t* dirs, int32_t w, int32_t h, double* acc) {
  const long n = (long)w * h;
  long step[8];
  for (int k = 0; k < 8; k++) step[k] = (long)DR[k] * w + DC[k];
  std::vector<int8_t> indeg(n, 0);
  for (long i = 0; i < n; i++) {
    acc[i] = 1;
    if (dirs[i] >= 0) indeg[i + step[dirs[i]]]++;
  }
  for (long i = 0; i < n; i++) {
    if (indeg[i] != 0) continue;
    long j = i;
    int k = dirs[j];
    while (k >= 0) {
      const long d = j + step[k];
      acc[d] += acc[j];
      if (--indeg[d] != 0) break;
      indeg[d] = -1;
      j = d;
      k = dirs[j];
    }
  }
}

// Priority-flood+ε (Barnes et al. 2014, Algorithm 3): edge and nodata-adjacent cells seed a
// std::priority_queue (lowest first); a lower neighbour is raised just above its parent and
// goes on the FIFO pit queue, processed before the priority queue.
void fill_eps(const double* z, int32_t w, int32_t h, double* out) {
  const long n = (long)w * h;
  typedef std::pair<double, long> Cell;
  std::priority_queue<Cell, std::vector<Cell>, std::greater<Cell>> open;
  std::queue<long> pit;
  std::vector<uint8_t> closed(n, 0);
  for (long i = 0; i < n; i++) out[i] = z[i];
  for (int r = 0; r < h; r++) {
    for (int c = 0; c < w; c++) {
      const long i = (long)r * w + c;
      if (z[i] != z[i]) {
        closed[i] = 1;
        continue;
      }
      bool seed = r == 0 || c == 0 || r == h - 1 || c == w - 1;
      for (int k = 0; k < 8 && !seed; k++) {
        const double v = z[i + (long)DR[k] * w + DC[k]];
        if (v != v) seed = true;
      }
      if (seed) {
        closed[i] = 1;
        open.push(Cell(z[i], i));
      }
    }
  }
  while (!open.empty() || !pit.empty()) {
    long c;
    if (!pit.empty()) {
      c = pit.front();
      pit.pop();
    } else {
      c = open.top().second;
      open.pop();
    }
    const int r = (int)(c / w), cc = (int)(c - (long)r * w);
    const double spill = step_up(out[c]);
    for (int k = 0; k < 8; k++) {
      const int rr = r + DR[k], c2 = cc + DC[k];
      if (rr < 0 || rr >= h || c2 < 0 || c2 >= w) continue;
      const long nb = (long)rr * w + c2;
      if (closed[nb]) continue;
      closed[nb] = 1;
      if (out[nb] <= spill) {
        out[nb] = spill;
        pit.push(nb);
      } else {
        open.push(Cell(out[nb], nb));
      }
    }
  }
}

}  // extern "C"
