/**
 * The spatial index matching uses: an R-tree (rbush) over the bounding box of every polygon of every fence,
 * then the crossing test on the candidates. Built once per geofence set, never changed, no I/O.
 */
import RBush from 'rbush';
import type { Fence } from './fence.ts';
import { compileRing, polygonContains } from './pip.ts';

/** One polygon of one fence, as stored in the tree (x = lon, y = lat). */
interface Part {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  readonly ordinal: number;
  readonly rings: readonly Float64Array[];
}

/** rbush's node layout (exported by `toJSON()`), walked directly so a query allocates only its result. */
interface TreeNode {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  readonly leaf: boolean;
  readonly children: readonly (TreeNode | Part)[];
}

function parts(fence: Fence, ordinal: number): Part[] {
  return fence.polygons.map((polygon) => {
    const rings = polygon.map(compileRing);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const [lat, lon] of polygon[0] ?? []) {
      if (lon < minX) minX = lon;
      if (lon > maxX) maxX = lon;
      if (lat < minY) minY = lat;
      if (lat > maxY) maxY = lat;
    }
    return { minX, minY, maxX, maxY, ordinal, rings };
  });
}

function boxHolds(box: TreeNode | Part, x: number, y: number): boolean {
  return x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
}

export class FenceIndex {
  private readonly fences: readonly Fence[];
  private readonly root: TreeNode;
  private readonly lookup = new Map<string, Fence>();
  private readonly nameList: readonly string[];
  /** reused by every query (queries are synchronous, so never shared) */
  private readonly stack: TreeNode[] = [];
  private readonly ordinals: number[] = [];

  constructor(fences: readonly Fence[]) {
    this.fences = fences;
    const tree = new RBush<Part>();
    tree.load(fences.flatMap((fence, ordinal) => parts(fence, ordinal)));
    this.root = tree.toJSON() as TreeNode;
    for (const fence of fences) {
      const key = fence.name.toLowerCase();
      if (!this.lookup.has(key)) this.lookup.set(key, fence);
    }
    this.nameList = Object.freeze([...this.lookup.values()].map((f) => f.name));
  }

  get size(): number {
    return this.fences.length;
  }

  /** The fences containing the point (boundaries included), in load order, each once. */
  query(lat: number, lon: number): Fence[] {
    const result: Fence[] = [];
    if (!boxHolds(this.root, lon, lat)) return result;
    const stack = this.stack;
    const ordinals = this.ordinals;
    ordinals.length = 0;
    stack.length = 0;
    let node: TreeNode | undefined = this.root;
    while (node !== undefined) {
      const children = node.children;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (!boxHolds(child, lon, lat)) continue;
        if (!node.leaf) stack.push(child as TreeNode);
        else if (polygonContains((child as Part).rings, lon, lat)) this.insert(result, (child as Part).ordinal);
      }
      node = stack.pop();
    }
    return result;
  }

  /** Keeps `result` in load order without duplicates (a point can be in two polygons of one fence). */
  private insert(result: Fence[], ordinal: number): void {
    const ordinals = this.ordinals;
    let at = ordinals.length;
    while (at > 0 && ordinals[at - 1]! > ordinal) at--;
    if (at > 0 && ordinals[at - 1] === ordinal) return;
    const fence = this.fences[ordinal]!;
    ordinals.push(ordinal);
    result.push(fence);
    for (let k = ordinals.length - 1; k > at; k--) {
      ordinals[k] = ordinals[k - 1]!;
      result[k] = result[k - 1]!;
    }
    ordinals[at] = ordinal;
    result[at] = fence;
  }

  /** Case-insensitive; the first loaded fence wins when two share a name. */
  byName(name: string): Fence | undefined {
    return this.lookup.get(name.toLowerCase());
  }

  /** Every distinct name (first spelling), in load order. */
  names(): readonly string[] {
    return this.nameList;
  }

  /** All fences in load order. */
  all(): readonly Fence[] {
    return this.fences;
  }
}
