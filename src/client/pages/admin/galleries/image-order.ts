import { arrayMove } from '@dnd-kit/sortable';

/** The list after dragging `activeId` onto `overId`, or null when nothing moved. */
export function moveImage<T extends { id: number }>(images: readonly T[], activeId: number, overId: number | null): T[] | null {
  if (overId === null || activeId === overId) return null;
  const from = images.findIndex((i) => i.id === activeId);
  const to = images.findIndex((i) => i.id === overId);
  if (from < 0 || to < 0) return null;
  return arrayMove([...images], from, to);
}

/** galleries.reorderImages' input: the gallery and its images' ids in their new order. */
export function reorderPayload(galleryId: number, images: readonly { id: number }[]) {
  return { id: galleryId, images: images.map((i) => ({ id: i.id })) };
}
