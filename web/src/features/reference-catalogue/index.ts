// The rights holder's reference catalogue page, for app/routes/references.tsx.
export { ReferenceCataloguePage } from './components/reference-catalogue-page';
