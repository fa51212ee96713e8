// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { moveImage, reorderPayload } from '#client/pages/admin/galleries/image-order.ts';

const images = [{ id: 11 }, { id: 12 }, { id: 13 }, { id: 14 }];

describe('gallery image order', () => {
  it('moves the dragged image to the place it was dropped on', () => {
    expect(moveImage(images, 11, 13)?.map((i) => i.id)).toEqual([12, 13, 11, 14]);
    expect(moveImage(images, 14, 11)?.map((i) => i.id)).toEqual([14, 11, 12, 13]);
  });

  it('leaves the list alone (null: nothing to save) when dropped on itself, outside, or on an unknown id', () => {
    expect(moveImage(images, 12, 12)).toBeNull();
    expect(moveImage(images, 12, null)).toBeNull();
    expect(moveImage(images, 12, 99)).toBeNull();
    expect(images.map((i) => i.id)).toEqual([11, 12, 13, 14]);
  });

  it('builds reorderImages’ input from the new order: the gallery id and only the image ids', () => {
    const moved = moveImage(
      images.map((i) => ({ ...i, alt: 'x', position: 0 })),
      13,
      11,
    )!;
    expect(reorderPayload(5, moved)).toEqual({ id: 5, images: [{ id: 13 }, { id: 11 }, { id: 12 }, { id: 14 }] });
  });
});
