// A tiny element builder: the pages are re-rendered from each state snapshot, and building
// nodes (rather than HTML strings) keeps player nicknames from ever being parsed as markup.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name === 'text') el.textContent = value;
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2), value);
    } else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);

// Keep focus on the "same" control across a re-render: look it up again by a stable key.
export function keepFocus(container, keyAttr, render) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.getAttribute(keyAttr) : null;
  render();
  if (key !== null) {
    const again = container.querySelector(`[${keyAttr}="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}
