import { Node } from '@tiptap/react';
import { isShopDetail, SHOP_DETAIL_ATTRIBUTE, SHOP_DETAIL_LABELS, type ShopDetail } from '#shared/shop-details.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    shopDetail: {
      /** Inserts a placeholder for one of the shop's details at the cursor. */
      insertShopDetail: (detail: ShopDetail) => ReturnType;
    };
  }
}

/**
 * A placeholder for one of the shop's details (src/shared/shop-details.ts): saved as an empty
 * `<span data-shop-detail="telephone"></span>`, shown in the editor as a labelled chip, filled by
 * the pages from the shop record (docs/decisions/shop-detail-placeholders.md).
 */
export const ShopDetailNode = Node.create({
  name: 'shopDetail',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      detail: {
        default: 'telephone',
        parseHTML: (element) => element.getAttribute(SHOP_DETAIL_ATTRIBUTE),
        renderHTML: (attributes) => ({ [SHOP_DETAIL_ATTRIBUTE]: attributes.detail as string }),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: `span[${SHOP_DETAIL_ATTRIBUTE}]`,
        // The filled text (pasted from the site) is not kept: the page fills it again.
        getAttrs: (element) => (isShopDetail(element.getAttribute(SHOP_DETAIL_ATTRIBUTE) ?? '') ? null : false),
        priority: 60,
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes];
  },
  renderText({ node }) {
    return `[${SHOP_DETAIL_LABELS[node.attrs.detail as ShopDetail] ?? 'Shop detail'}]`;
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = 'rte__shop-detail';
      dom.setAttribute(SHOP_DETAIL_ATTRIBUTE, node.attrs.detail as string);
      dom.contentEditable = 'false';
      dom.textContent = SHOP_DETAIL_LABELS[node.attrs.detail as ShopDetail] ?? 'Shop detail';
      return { dom };
    };
  },
  addCommands() {
    return {
      insertShopDetail:
        (detail) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { detail } }),
    };
  },
});
