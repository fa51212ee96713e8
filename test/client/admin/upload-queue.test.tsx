// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { DropZone } from '#client/components/admin/drop-zone.tsx';
import { UploadQueue, failureMessage, isAcceptedType, rejectionOf, type UploadFn } from '#client/components/admin/upload-queue.ts';

afterEach(cleanup);

const MiB = 1024 * 1024;
const rules = { accept: 'image/*', maxFilesizeMiB: 256 };

/** A File whose size is faked, so no test allocates hundreds of MiB. */
function fakeFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** An upload function whose calls the test finishes by hand. */
function controlledUpload() {
  const calls: {
    file: File;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
    progress: (f: number) => void;
    signal: AbortSignal;
  }[] = [];
  const upload: UploadFn = (file, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
      calls.push({ file, resolve, reject, progress: onProgress, signal });
    });
  return { upload, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('acceptance rules', () => {
  it('accepts images only, by type pattern, exact type or extension', () => {
    expect(isAcceptedType(fakeFile('a.jpg', 'image/jpeg'), 'image/*')).toBe(true);
    expect(isAcceptedType(fakeFile('a.webp', 'image/webp'), 'image/*')).toBe(true);
    expect(isAcceptedType(fakeFile('a.pdf', 'application/pdf'), 'image/*')).toBe(false);
    expect(isAcceptedType(fakeFile('a.txt', ''), 'image/*')).toBe(false);
    expect(isAcceptedType(fakeFile('a.PNG', ''), '.png,image/gif')).toBe(true);
    expect(isAcceptedType(fakeFile('a.gif', 'image/gif'), 'image/png, image/gif')).toBe(true);
  });

  it('refuses other types with Dropzone’s message', () => {
    expect(rejectionOf(fakeFile('cv.pdf', 'application/pdf'), rules)).toBe("You can't upload files of this type.");
  });

  it('refuses files over the maximum (256 MiB by default) with both sizes in MiB', () => {
    expect(rejectionOf(fakeFile('big.jpg', 'image/jpeg', 256 * MiB), rules)).toBeNull();
    expect(rejectionOf(fakeFile('big.jpg', 'image/jpeg', 300.5 * MiB), rules)).toBe('File is too big (300.5MiB). Max filesize: 256MiB.');
    expect(rejectionOf(fakeFile('big.jpg', 'image/jpeg', 3 * MiB + 12345), { accept: 'image/*', maxFilesizeMiB: 2 })).toBe(
      'File is too big (3.01MiB). Max filesize: 2MiB.',
    );
  });

  it('words failed uploads: the server’s field message, else its status code', () => {
    expect(failureMessage({ status: 422, body: { message: 'x', errors: { file: ['The file must be an image.'] } } })).toBe(
      'The file must be an image.',
    );
    expect(failureMessage({ status: 500, body: { message: 'Server Error' } })).toBe('Server responded with 500 code.');
    expect(failureMessage({ status: 0, body: { message: 'The upload failed.' } })).toBe('The upload failed.');
  });
});

describe('UploadQueue', () => {
  it('sends two files at a time, in order, and starts the next as one finishes', async () => {
    const { upload, calls } = controlledUpload();
    const uploaded = vi.fn();
    const queue = new UploadQueue(upload, rules, 2, uploaded);
    queue.add(['1.jpg', '2.jpg', '3.jpg', '4.jpg'].map((n) => fakeFile(n, 'image/jpeg')));

    expect(calls.map((c) => c.file.name)).toEqual(['1.jpg', '2.jpg']);
    expect(queue.getSnapshot().map((i) => i.status)).toEqual(['uploading', 'uploading', 'queued', 'queued']);

    calls[1]!.resolve({ id: 2 });
    await flush();
    expect(calls.map((c) => c.file.name)).toEqual(['1.jpg', '2.jpg', '3.jpg']);
    expect(uploaded).toHaveBeenCalledWith(calls[1]!.file, { id: 2 });

    calls[0]!.reject({ status: 500, body: {} });
    await flush();
    expect(calls).toHaveLength(4);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: 'Server responded with 500 code.' });
    expect(queue.getSnapshot().filter((i) => i.status === 'uploading')).toHaveLength(2);
  });

  it('never sends refused files and reports progress in percent', () => {
    const { upload, calls } = controlledUpload();
    const queue = new UploadQueue(upload, rules, 2);
    queue.add([fakeFile('notes.txt', 'text/plain'), fakeFile('a.jpg', 'image/jpeg')]);
    expect(calls.map((c) => c.file.name)).toEqual(['a.jpg']);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: "You can't upload files of this type." });

    calls[0]!.progress(0.426);
    expect(queue.getSnapshot()[1]!.progress).toBe(43);
  });

  it('cancels an upload under way (aborting it) and a waiting one, then moves on', async () => {
    const { upload, calls } = controlledUpload();
    const queue = new UploadQueue(upload, rules, 1);
    queue.add([fakeFile('1.jpg', 'image/jpeg'), fakeFile('2.jpg', 'image/jpeg'), fakeFile('3.jpg', 'image/jpeg')]);
    const [first, second, third] = queue.getSnapshot();

    queue.cancel(second!.id);
    expect(queue.getSnapshot()[1]).toMatchObject({ status: 'canceled', error: 'Upload canceled.' });

    queue.cancel(first!.id);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.reject({ status: 0, body: { message: 'The upload was cancelled.' } });
    await flush();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'canceled', error: 'Upload canceled.' });
    expect(calls.map((c) => c.file.name)).toEqual(['1.jpg', '3.jpg']);
    expect(queue.getSnapshot()[2]!.id).toBe(third!.id);
  });
});

describe('DropZone', () => {
  it('takes files from a keyboard-reachable button and shows per-file state and messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { upload, calls } = controlledUpload();
    render(<DropZone upload={upload} />);

    const choose = screen.getByRole('button', { name: 'Choose files' });
    await user.tab();
    expect(document.activeElement).toBe(choose);

    await user.upload(screen.getByTestId('drop-zone-input'), [fakeFile('car.jpg', 'image/jpeg'), fakeFile('cv.pdf', 'application/pdf')]);
    expect(screen.getByRole('alert').textContent).toBe("You can't upload files of this type.");
    expect(calls).toHaveLength(1);

    calls[0]!.progress(0.5);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'car.jpg: Uploading' }).getAttribute('value')).toBe('50'));

    await user.click(screen.getByRole('button', { name: 'Cancel car.jpg' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Upload canceled.');
  });
});
