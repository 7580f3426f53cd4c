// Types of Comlink's Node adapter: the package ships them as node-adapter.d.ts beside the .mjs file.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
