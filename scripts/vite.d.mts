export declare const repoRoot: string
export declare function viteBuild(args?: ReadonlyArray<string>): Promise<void>
export declare function buildPackage(): Promise<void>
