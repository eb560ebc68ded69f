import { options } from 'preact';

/**
 * The build renders with Preact (preact-aliases.ts). Preact writes `tabIndex` as an attribute
 * of that name, and on SVG elements attribute names keep their case: `tabIndex` is not
 * `tabindex` there, so the family tree's nodes could not take the focus (keyboard navigation,
 * spec §5). Written in lower case it is the same attribute on every element.
 */
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  previousVnode?.(vnode);
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === 'string' && props && 'tabIndex' in props) {
    props.tabindex = props.tabIndex;
    delete props.tabIndex;
  }
};
