// color-name ships no types: CSS colour names to [r, g, b].
declare module 'color-name' {
  const names: Record<string, [number, number, number]>;
  export default names;
}
