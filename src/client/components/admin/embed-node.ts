import { Node, mergeAttributes } from '@tiptap/react';

/**
 * VIDEO widgets hold a YouTube or Vimeo iframe (docs/rest-contract.md "Content"). Without a node for it the
 * editor would silently drop the video on load. The server decides which sources survive.
 */
export const EmbedNode = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      width: { default: '560' },
      height: { default: '315' },
      title: { default: 'Video' },
      allow: { default: null },
      allowfullscreen: { default: 'true' },
      frameborder: { default: '0' },
    };
  },
  parseHTML() {
    return [{ tag: 'iframe[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes)];
  },
});
