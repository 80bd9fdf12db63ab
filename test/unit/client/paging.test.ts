import { collectPages, pageAt, PageSlice } from "../../../provider/client/paging";

/** A fake server over `data` that honours skip/top, optionally capping the page size. */
function server(data: number[], options: { total?: boolean; cap?: number; last?: boolean } = {}) {
  const calls: Array<[number, number]> = [];
  const fetch = async (skip: number, top: number): Promise<PageSlice<number>> => {
    calls.push([skip, top]);
    const size = Math.min(top, options.cap ?? top);
    const items = data.slice(skip, skip + size);
    return {
      items,
      total: options.total === false ? undefined : data.length,
      last: options.last ? skip + items.length >= data.length : undefined,
    };
  };
  return { fetch, calls };
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe("paging", () => {
  it("stops once the server's total is reached", async () => {
    const { fetch, calls } = server(range(250));
    expect(await collectPages(fetch, { pageSize: 100 })).toEqual(range(250));
    expect(calls).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
  });

  it("stops on an exact multiple without asking for an empty page when the total is known", async () => {
    const { fetch, calls } = server(range(200));
    await collectPages(fetch, { pageSize: 100 });
    expect(calls).toHaveLength(2);
  });

  it("stops on an empty page when the server gives no total", async () => {
    const { fetch, calls } = server(range(200), { total: false });
    expect(await collectPages(fetch, { pageSize: 100 })).toEqual(range(200));
    expect(calls).toHaveLength(3);
  });

  it("stops on a short page when the server gives no total", async () => {
    const { fetch, calls } = server(range(150), { total: false });
    expect(await collectPages(fetch, { pageSize: 100 })).toEqual(range(150));
    expect(calls).toHaveLength(2);
  });

  it("stops on the server's last-page flag", async () => {
    const { fetch, calls } = server(range(120), { total: false, last: true });
    await collectPages(fetch, { pageSize: 60 });
    expect(calls).toHaveLength(2);
  });

  it("keeps going past short pages when the server caps the page size but says more remain", async () => {
    const { fetch } = server(range(120), { cap: 50 });
    expect(await collectPages(fetch, { pageSize: 100 })).toEqual(range(120));
  });

  it("starts at skip and returns at most limit items", async () => {
    const { fetch, calls } = server(range(500));
    expect(await collectPages(fetch, { skip: 10, limit: 150, pageSize: 100 })).toEqual(range(160).slice(10));
    expect(calls).toEqual([
      [10, 100],
      [110, 50],
    ]);
  });

  it("gives up instead of looping forever on a server that ignores skip", async () => {
    const fetch = async (): Promise<PageSlice<number>> => ({ items: range(10) });
    await expect(collectPages(fetch, { pageSize: 10, maxPages: 5 })).rejects.toThrow(/stopped after 5 pages/);
  });

  it("rejects a page size that is not a positive integer", async () => {
    await expect(collectPages(async () => ({ items: [] }), { pageSize: 0 })).rejects.toThrow(
      /positive integer/,
    );
  });

  it("hands out one page at a time with where the next starts, under the same stop rules", async () => {
    const { fetch, calls } = server(range(12));
    expect(await pageAt(fetch, 0, 5)).toEqual({ items: range(5), next: 5 });
    expect(await pageAt(fetch, 5, 5)).toEqual({ items: [5, 6, 7, 8, 9], next: 10 });
    // The last page: the server's total is reached, so no next.
    expect(await pageAt(fetch, 10, 5)).toEqual({ items: [10, 11] });
    // A full page that ends at the total has no next either: no empty page is asked for.
    expect(await pageAt(fetch, 7, 5)).toEqual({ items: [7, 8, 9, 10, 11] });
    expect(calls).toEqual([
      [0, 5],
      [5, 5],
      [10, 5],
      [7, 5],
    ]);
    // A capped server's short page says more remain (its total): the next starts after it.
    expect(await pageAt(server(range(12), { cap: 3 }).fetch, 0, 5)).toEqual({ items: [0, 1, 2], next: 3 });
  });
});
