export * from './render-template.js';
