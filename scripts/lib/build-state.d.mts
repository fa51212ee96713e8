export declare const projectRoot: string;
export declare const buildStampFile: string;
export declare function buildState(root?: string): { isBuilt: boolean; isStale: boolean; hasBuildTools: boolean };
