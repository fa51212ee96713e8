export interface AppStateTable {
  key: string;
  value: string;
}
