import { Contract } from '@algorandfoundation/tealscript';

/** Pause flag: swaps (and zaps). */
const PAUSE_SWAPS = 1;
/** Pause flag: new pools. */
const PAUSE_POOLS = 2;
/** Pause flag: new staking programs. */
const PAUSE_STAKING = 4;
/** Longest project name, in bytes. */
const MAX_NAME = 32;
/** Longest project metadata URL, in bytes. */
const MAX_URL = 96;
/** Minimum balance of a project box: 2,500 + 400 × (9-byte name + 163-byte value). */
const PROJECT_MBR = 71_300;

/** Grove's protocol registry: admin (two-step transfer), pause flags, fee settings, treasury, verified tokens. */
export class Registry extends Contract {
  /** The protocol admin. */
  admin = GlobalStateKey<Address>({ key: 'admin' });

  /** The admin proposed by `proposeAdmin`, zero when none. */
  pendingAdmin = GlobalStateKey<Address>({ key: 'pendingAdmin' });

  /** Bit 1 swaps, 2 pool creation, 4 new staking programs. */
  paused = GlobalStateKey<uint64>({ key: 'paused' });

  /** Receives the protocol fees. */
  treasury = GlobalStateKey<Address>({ key: 'treasury' });

  /** Swap fee of new pools, in basis points. */
  defaultFeeBps = GlobalStateKey<uint64>({ key: 'defaultFeeBps' });

  /** Protocol share of a swap fee is `fee / protocolFeeDivisor` (0 = none). */
  protocolFeeDivisor = GlobalStateKey<uint64>({ key: 'protocolFeeDivisor' });

  /** Verified tokens: a box per asset, `"v" ‖ uint64(asset)`. */
  verified = BoxMap<uint64, bytes>({ prefix: 'v' });

  /** Projects: a box per asset, `"p" ‖ uint64(asset)`, 163 bytes: owner 32 ‖ verified 1 ‖ name length 1 ‖ name 32 ‖ URL length 1 ‖ URL 96, so an edit never changes its minimum balance. */
  projects = BoxMap<uint64, bytes>({ prefix: 'p' });

  /** A project was registered for an asset. */
  ProjectRegistered = new EventLogger<{ asset: uint64; owner: Address; name: string; url: string }>();

  /** A project's name or URL changed. */
  ProjectEdited = new EventLogger<{ asset: uint64; name: string; url: string }>();

  /** A project changed owner. */
  ProjectTransferred = new EventLogger<{ asset: uint64; previousOwner: Address; owner: Address }>();

  /** The admin verified or unverified a project. */
  ProjectVerified = new EventLogger<{ asset: uint64; verified: boolean }>();

  /** A project was removed; its box's minimum balance went back to its owner. */
  ProjectRemoved = new EventLogger<{ asset: uint64; owner: Address }>();

  /** Admin and treasury start as the creator; fee 30 bps, of which 1/6 goes to the protocol. */
  createApplication(): void {
    this.admin.value = this.txn.sender;
    this.pendingAdmin.value = globals.zeroAddress;
    this.paused.value = 0;
    this.treasury.value = this.txn.sender;
    this.defaultFeeBps.value = 30;
    this.protocolFeeDivisor.value = 6;
  }

  private onlyAdmin(): void {
    assert(this.txn.sender === this.admin.value, 'ERR:NOT_ADMIN');
  }

  /** Step one of an admin transfer: the admin names the next admin. */
  proposeAdmin(newAdmin: Address): void {
    this.onlyAdmin();
    this.pendingAdmin.value = newAdmin;
  }

  /** Step two: the proposed account accepts and becomes the admin. */
  acceptAdmin(): void {
    assert(this.pendingAdmin.value !== globals.zeroAddress, 'ERR:NOT_PENDING_ADMIN');
    assert(this.txn.sender === this.pendingAdmin.value, 'ERR:NOT_PENDING_ADMIN');
    this.admin.value = this.pendingAdmin.value;
    this.pendingAdmin.value = globals.zeroAddress;
  }

  /** Sets every pause flag at once (bit 1 swaps, 2 pool creation, 4 new staking programs). */
  setPaused(flags: uint64): void {
    this.onlyAdmin();
    assert(flags <= PAUSE_SWAPS + PAUSE_POOLS + PAUSE_STAKING, 'ERR:BAD_INPUT');
    this.paused.value = flags;
  }

  /** Sets the account that receives protocol fees. */
  setTreasury(treasury: Address): void {
    this.onlyAdmin();
    this.treasury.value = treasury;
  }

  /** Sets the fee of new pools (1–100 bps) and the protocol's divisor of it (0 = no protocol fee). */
  setFees(defaultFeeBps: uint64, protocolFeeDivisor: uint64): void {
    this.onlyAdmin();
    assert(defaultFeeBps >= 1 && defaultFeeBps <= 100, 'ERR:BAD_FEE');
    this.defaultFeeBps.value = defaultFeeBps;
    this.protocolFeeDivisor.value = protocolFeeDivisor;
  }

  /** Adds or removes a token from the verified list; the box's minimum balance comes from the app account. */
  setVerified(asset: uint64, verified: boolean): void {
    this.onlyAdmin();
    if (verified) {
      if (!this.verified(asset).exists) this.verified(asset).value = '';
    } else if (this.verified(asset).exists) {
      this.verified(asset).delete();
    }
  }

  /** Whether the token is on the verified list. */
  @abi.readonly
  isVerified(asset: uint64): boolean {
    return this.verified(asset).exists;
  }

  // ---- projects ----

  /** name and URL padded into the box's fixed fields. */
  private projectFields(name: string, url: string): bytes {
    assert(len(name) <= MAX_NAME, 'ERR:NAME_TOO_LONG');
    assert(len(url) <= MAX_URL, 'ERR:URL_TOO_LONG');
    return concat(
      concat(extract3(itob(len(name)), 7, 1), concat(name, bzero(MAX_NAME - len(name)))),
      concat(extract3(itob(len(url)), 7, 1), concat(url, bzero(MAX_URL - len(url)))),
    );
  }

  /** The project's box bytes; fails with ERR:NO_PROJECT when there is none. */
  private project(asset: uint64): bytes {
    assert(this.projects(asset).exists, 'ERR:NO_PROJECT');
    return this.projects(asset).value;
  }

  private onlyProjectOwner(project: bytes): void {
    assert(this.txn.sender === castBytes<Address>(extract3(project, 0, 32)), 'ERR:NOT_PROJECT_OWNER');
  }

  /**
   * Who speaks for an asset: its manager, or its creator when it has no manager (an immutable asset).
   * A creator who handed the manager role on no longer speaks for it.
   */
  private issuer(asset: uint64): Address {
    const token = AssetID.fromUint64(asset);
    if (token.manager !== globals.zeroAddress) return token.manager;
    return token.creator;
  }

  /** The ASA's issuer (its manager, or its creator when it has none) registers its project, paying the box's minimum balance (71,300 µALGO) to the registry. */
  registerProject(mbr: PayTxn, asset: uint64, name: string, url: string): void {
    assert(asset !== 0, 'ERR:BAD_ASSET');
    assert(!this.projects(asset).exists, 'ERR:PROJECT_EXISTS');
    assert(this.txn.sender === this.issuer(asset), 'ERR:NOT_CREATOR');
    // the registry takes no deposits, so it does not extend GroveContract (whose methods would all compile in)
    assert(mbr.receiver === this.app.address, 'ERR:BAD_RECEIVER');
    assert(mbr.sender === this.txn.sender, 'ERR:BAD_SENDER');
    assert(mbr.rekeyTo === globals.zeroAddress, 'ERR:REKEY');
    assert(mbr.closeRemainderTo === globals.zeroAddress, 'ERR:CLOSE_TO');
    assert(mbr.amount === PROJECT_MBR, 'ERR:MBR');
    this.projects(asset).value = concat(concat(this.txn.sender, bzero(1)), this.projectFields(name, url));
    this.ProjectRegistered.log({ asset: asset, owner: this.txn.sender, name: name, url: url });
  }

  /** The owner changes the project's name and metadata URL. */
  editProject(asset: uint64, name: string, url: string): void {
    this.onlyProjectOwner(this.project(asset));
    this.projects(asset).replace(33, this.projectFields(name, url));
    this.ProjectEdited.log({ asset: asset, name: name, url: url });
  }

  /** The owner hands the project to another account (one step: the project holds no funds). */
  transferProject(asset: uint64, newOwner: Address): void {
    const project = this.project(asset);
    this.onlyProjectOwner(project);
    assert(newOwner !== globals.zeroAddress, 'ERR:BAD_OWNER');
    this.projects(asset).replace(0, rawBytes(newOwner));
    this.ProjectTransferred.log({ asset: asset, previousOwner: this.txn.sender, owner: newOwner });
  }

  /**
   * The asset's issuer (see `issuer`) takes its project from whoever holds it: a project registered by a
   * creator who later handed the manager role on, or transferred away, goes back to who speaks for the asset.
   */
  claimProject(asset: uint64): void {
    const project = this.project(asset);
    const previous = castBytes<Address>(extract3(project, 0, 32));
    assert(this.txn.sender === this.issuer(asset), 'ERR:NOT_CREATOR');
    assert(this.txn.sender !== previous, 'ERR:BAD_OWNER');
    this.projects(asset).replace(0, rawBytes(this.txn.sender));
    this.ProjectTransferred.log({ asset: asset, previousOwner: previous, owner: this.txn.sender });
  }

  /** The admin verifies or unverifies a project. */
  setProjectVerified(asset: uint64, verified: boolean): void {
    this.onlyAdmin();
    this.project(asset);
    let flag = bzero(1);
    if (verified) flag = extract3(itob(1), 7, 1);
    this.projects(asset).replace(32, flag);
    this.ProjectVerified.log({ asset: asset, verified: verified });
  }

  /**
   * The owner or the admin removes a project; the box's minimum balance goes back to the owner, or to
   * the caller when the owner's account holds nothing (71,300 µALGO alone is below an account's
   * minimum balance, so the payment would fail and the project could never be removed).
   */
  removeProject(asset: uint64): void {
    const project = this.project(asset);
    const owner = castBytes<Address>(extract3(project, 0, 32));
    assert(this.txn.sender === owner || this.txn.sender === this.admin.value, 'ERR:NOT_PROJECT_OWNER');
    this.projects(asset).delete();
    let refundTo = owner;
    if (owner.balance === 0) refundTo = this.txn.sender;
    sendPayment({ receiver: refundTo, amount: PROJECT_MBR, fee: 0 });
    this.ProjectRemoved.log({ asset: asset, owner: owner });
  }
}
