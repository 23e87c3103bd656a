/// Every pattern token an account holds, as pattern views; empty when it has no collection.
import "BreathingPatternNFT"

access(all) fun main(address: Address): [BreathingPatternNFT.PatternView] {
    let collection = getAccount(address).capabilities.borrow<&BreathingPatternNFT.Collection>(BreathingPatternNFT.CollectionPublicPath)
    if collection == nil {
        return []
    }
    var views: [BreathingPatternNFT.PatternView] = []
    for id in collection!.getIDs() {
        if let nft = collection!.borrowNFT(id) {
            views.append(nft.resolveView(Type<BreathingPatternNFT.PatternView>())! as! BreathingPatternNFT.PatternView)
        }
    }
    return views
}
