// @vitest-environment jsdom
// Downloads (`Export HAR`, the contract check's reports): the file handed to the browser, its name.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadText, fileStamp } from '../../../src/components/table/download.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadText', () => {
  it('clicks a hidden link to the text as a file of that name and type, then lets the URL go', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:console/1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: Array<{ href: string; download: string; hidden: unknown; onPage: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, hidden: this.hidden, onPage: this.isConnected });
    });

    downloadText('report.json', '{"a":1}', 'application/json;charset=utf-8');

    expect(clicked).toEqual([{ href: 'blob:console/1', download: 'report.json', hidden: true, onPage: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/json;charset=utf-8');
    expect(await blobs[0]!.text()).toBe('{"a":1}');
    // The browser gets the time to start the download before the URL goes.
    vi.advanceTimersByTime(9_999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:console/1');
  });
});

describe('fileStamp', () => {
  it('is the second of an ISO time with every colon a dash', () => {
    expect(fileStamp('2026-11-24T02:40:05.123Z')).toBe('2026-11-24T02-40-05');
  });
});
