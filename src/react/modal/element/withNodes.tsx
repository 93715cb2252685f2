import { Fragment, type ReactNode } from "react"

const MARK = "\u0000"

/**
 * A message whose arguments are elements (a link, a name in bold): the sentence is the catalog's, and each
 * argument is put where the locale's sentence puts it.
 */
export const withNodes = <D extends Record<string, string | number>>(
  message: (d: D) => string,
  nodes: { readonly [K in keyof D]: ReactNode }
): ReactNode => {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`])) as D
  return message(marks)
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? <Fragment key={part}>{nodes[part as keyof D]}</Fragment> : part))
}
