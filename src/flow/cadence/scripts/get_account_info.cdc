/// The Flow account info the app shows: address, FLOW balance and whether the account is
/// set up for pattern tokens.
import "BreathingPatternNFT"

access(all) struct FlowAccountInfo {
    access(all) let address: Address
    access(all) let balance: UFix64
    access(all) let isInitialized: Bool

    init(address: Address, balance: UFix64, isInitialized: Bool) {
        self.address = address
        self.balance = balance
        self.isInitialized = isInitialized
    }
}

access(all) fun main(address: Address): FlowAccountInfo {
    let account = getAccount(address)
    let published = account.capabilities.borrow<&BreathingPatternNFT.Collection>(BreathingPatternNFT.CollectionPublicPath) != nil
    let authAccount = getAuthAccount<auth(BorrowValue) &Account>(address)
    let minter = authAccount.storage.borrow<&BreathingPatternNFT.NFTMinter>(from: BreathingPatternNFT.MinterStoragePath) != nil
    return FlowAccountInfo(address: address, balance: account.balance, isInitialized: published && minter)
}
